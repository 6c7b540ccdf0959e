"""``python -m idoubtit`` runs the ``idoubtit`` command."""

from idoubtit.cli import app

app(prog_name="idoubtit")
