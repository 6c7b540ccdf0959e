"""Programs that play at a table from outside the server: :mod:`idoubtit.client.table_client`, a small
Python client of the table protocol (docs/protocol.md), and :mod:`idoubtit.client.agent`, which lets a
program in any language play a seat over JSON lines (docs/agent.md), locally against the bots or at a
server's table.

Nothing here imports the server: a client knows the server only by what it says over the wire. The
package imports neither module, so that a local agent game never loads the WebSocket stack.
"""
