"""Checking the figures another program published against xltb's."""
