"""The printed standings: the workbook's sheets (standings, crosstables, team sheets, details), their print
layout and fitted texts, the fast row writer, and the PDF made from the workbook."""
