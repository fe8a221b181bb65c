"""One module per command; each has ``register(subparsers)`` and ``run(args) -> int``.

Modules import heavy libraries (openpyxl, pandas, xlwings) inside ``run`` only.
"""

#: command name -> module (imported when the command line is parsed)
COMMANDS = {
    "standings": "xltb.cli.standings",
    "explain": "xltb.cli.explain",
    "prizes": "xltb.cli.prizes",
    "export": "xltb.cli.export",
    "template": "xltb.cli.template",
    "recalc": "xltb.cli.recalc",
    "lite": "xltb.cli.lite",
    "check": "xltb.cli.check",
    "libreoffice": "xltb.cli.libreoffice",
    "codes": "xltb.cli.codes",
    "trf": "xltb.cli.trf",
    "pair": "xltb.cli.pair",
}
