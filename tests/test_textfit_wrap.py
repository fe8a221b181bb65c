"""textfit.wrap keeps a paragraph that surely fits its line whole without wrapping it word by word: the
lines must be those of the word-by-word loop, also for paragraphs exactly as wide as the line."""

import random

from xltb.report.printed.textfit import _UNIT, _word, char_width, lines_needed, text_width, wrap


def word_by_word(text: str, width: float, size: float = 11, bold: bool = False) -> list[str]:
    """wrap as it was before the shortcut: every paragraph wrapped word by word."""
    out: list[str] = []
    scale = size / _UNIT
    space = char_width(" ", bold) * scale
    for paragraph in text.split("\n"):
        line, used, started = "", 0.0, False
        for word in paragraph.split(" "):
            w = _word(word, bold) * scale
            if started and used + space + w <= width:
                line, used = f"{line} {word}", used + space + w
                continue
            if started:
                out.append(line)
            while w > width and len(word) > 1:
                cut, room = 0, 0.0
                while cut < len(word) - 1 and room + char_width(word[cut], bold) * scale <= width:
                    room += char_width(word[cut], bold) * scale
                    cut += 1
                cut = max(cut, 1)
                out.append(word[:cut])
                word = word[cut:]
                w = _word(word, bold) * scale
            line, used, started = word, w, True
        out.append(line)
    return out


WORDS = ["R1:", "cut:", "Cut-1,", "least", "significant", "value", "(C.07", "14.1)", "Ärger", "żółw", "", "—",
         "directencounterdecidednothinghere", "1½", "W", "i", "中文"]


def test_wrap_is_the_word_by_word_wrap():
    rng = random.Random(23)
    for _ in range(3000):
        text = "\n".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 12)))
                         for _ in range(rng.randint(1, 3)))
        size = rng.choice([8.0, 9.0, 10.0, 11])
        bold = rng.random() < 0.3
        first = text.split("\n")[0]
        # widths around the paragraph's own width (the edge of the shortcut) and random ones
        for width in (text_width(first, size, bold), text_width(first, size, bold) * (1 + 1e-12),
                      text_width(first, size, bold) * (1 - 1e-12), rng.uniform(1, 80)):
            width = max(width, 1.0)
            assert wrap(text, width, size, bold) == word_by_word(text, width, size, bold), (text, width)
            assert lines_needed(text, width, size, bold) == max(1, len(word_by_word(text, width, size, bold)))
