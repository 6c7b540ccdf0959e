"""Research environments on the engine's views: PettingZoo (``idoubtit.env.pettingzoo``), Gymnasium
(``idoubtit.env.gymnasium``, registered as ``idoubtit/IDoubtIt-v0``) and OpenSpiel
(``idoubtit.env.openspiel``, registered as ``python_idoubtit``). They share one observation and action
encoding (``idoubtit.env.encoding``); docs/env.md describes it."""
