"""Alembic migrations for the archive, applied by :meth:`idoubtit.archive.Archive.open` (upgrade to head)."""
