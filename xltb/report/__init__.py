"""Writers: standings as text, JSON and CSV, explanations, workbooks and PDFs."""
