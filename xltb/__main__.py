"""``python -m xltb``: the ``xltb`` command."""

from .cli.main import entry

entry()
