"""Chinese text on plots: drawn in a CJK font when the system has one, else written in pinyin or
English, so that a plot never shows boxes (matplotlib's default font, DejaVu Sans, has no CJK
glyphs and draws each Chinese character as an empty box).

``use_cjk_font()`` makes the first CJK font found (Noto Sans CJK, Source Han Sans, WenQuanYi,
SimHei, …) matplotlib's sans-serif font. Where there is none, ``readable(fig)`` rewrites every
text of a figure with ``plain``: "庄家 (banker)" becomes "banker" (the English the label already
carries), any other Chinese becomes pinyin (pypinyin), "牌局" → "paiju".
"""

from __future__ import annotations

import functools
import re
import unicodedata

# Known CJK fonts, most wanted first; any other font whose name says CJK is taken after these.
CJK_FONTS = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "Source Han Sans CN", "Noto Sans CJK JP",
             "WenQuanYi Zen Hei", "WenQuanYi Micro Hei", "Sarasa Gothic SC", "SimHei", "Microsoft YaHei",
             "PingFang SC", "Hiragino Sans GB", "Heiti SC", "STHeiti", "AR PL UKai CN", "AR PL UMing CN",
             "Droid Sans Fallback")
CJK_HINTS = ("CJK", "WenQuanYi", "Han Sans", "Hei", "YaHei", "Ming", "Kai", "Song", "Fallback")
CJK = re.compile(r"[\u2e80-\u2fff\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]+")
PUNCT = {"、": ", ", "。": ". ", "，": ", ", "：": ": ", "；": "; ", "（": " (", "）": ")", "·": " "}


@functools.cache
def cjk_font() -> str | None:
    """The name of a font with Chinese glyphs that matplotlib can use, or None."""
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    for name in CJK_FONTS:
        if name in names:
            return name
    return next((n for n in sorted(names) if any(h in n for h in CJK_HINTS)), None)


def use_cjk_font() -> bool:
    """Make the CJK font (if any) matplotlib's first sans-serif font; whether there is one."""
    font = cjk_font()
    if font is None:
        return False
    import matplotlib

    families = [f for f in matplotlib.rcParams["font.sans-serif"] if f != font]
    matplotlib.rcParams["font.sans-serif"] = [font, *families]
    matplotlib.rcParams["font.family"] = "sans-serif"
    matplotlib.rcParams["axes.unicode_minus"] = False
    return True


def has_cjk(text: str) -> bool:
    return CJK.search(text) is not None


def plain(text: str) -> str:
    """``text`` without Chinese characters: the English half of "中文 (English)", else pinyin."""
    if not has_cjk(text):
        return text
    m = re.fullmatch(r"\s*(.*?)\s*\(([^()]*)\)\s*", text)
    if m and has_cjk(m.group(1)) and not has_cjk(m.group(2)) and m.group(2).strip():
        return m.group(2).strip()
    for cjk, ascii_ in PUNCT.items():
        text = text.replace(cjk, ascii_)
    text = unicodedata.normalize("NFKC", text)  # full-width letters and digits
    return re.sub(r"\s{2,}", " ", CJK.sub(lambda run: _pinyin(run.group(0)), text)).strip()


def _pinyin(run: str) -> str:
    try:
        from pypinyin import lazy_pinyin
    except ImportError:  # pinyin is a dependency; without it the Chinese is left out rather than boxed
        return ""
    return "".join(s for s in lazy_pinyin(run) if not has_cjk(s))


def readable(fig) -> None:
    """Rewrite every text of ``fig`` (titles, labels, ticks, legends, notes) with ``plain`` when
    no CJK font is there to draw it."""
    if cjk_font() is not None:
        return
    from matplotlib.text import Text

    for text in fig.findobj(Text):
        value = text.get_text()
        if has_cjk(value):
            text.set_text(plain(value))
