"""One module per command; each has ``register(subparsers)`` and ``run(args) -> int``.

Modules import heavy libraries (openpyxl, pandas, xlwings) inside ``run`` only.
"""

#: command name -> module (imported when the command line is parsed)
COMMANDS = {
    "standings": "xltb.commands.standings",
    "explain": "xltb.commands.explain",
    "export": "xltb.commands.export",
    "template": "xltb.commands.template",
    "recalc": "xltb.commands.recalc",
    "check": "xltb.commands.check",
}
