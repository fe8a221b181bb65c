Attribute VB_Name = "xltb_macros"
' xltb's macros for classic Excel: each runs a Python function of xltb.hosts.classic through xlwings' RunPython
' (the xlwings module of this workbook; https://docs.xlwings.org/en/stable/vba.html), which finds this workbook
' with xw.Book.caller(). Alt+F8 lists them; a button or the Quick Access Toolbar may run them too.
Option Explicit

Sub PairNextRound()
    ' Pair next round: the next round's pairings written into the Crosstable as pending games (W9, B5, +BYE),
    ' every other cell kept; refused, with the reason and the cell in a message box, while a round is not
    ' complete, when a cell to write holds anything, or when the rounds planned are played.
    RunPython "import xltb.hosts.classic; xltb.hosts.classic.pair_next_round()"
End Sub
