"""Write a ``Report`` and its plots as one self-contained HTML file or as Markdown + PNGs.

* HTML: tables as HTML, plots embedded as ``data:image/png;base64`` images, styles inline; no
  external asset, so the file can be mailed or archived alone.
* Markdown: ``NAME.md`` plus ``NAME_files/*.png`` beside it, referenced relatively.

Writing is atomic: everything goes to temporary names in the target directory first and is
renamed into place (the PNG folder before the Markdown that references it), so a failed write
leaves no partial file. Problems are ``RenderError`` with a one-line message.
"""

from __future__ import annotations

import base64
import html
import os
import shutil
from pathlib import Path
from urllib.parse import quote

from analysis.plots import Figure
from analysis.report import Report
from analysis.errors import PaijuError

FORMATS = ("html", "md")
CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "PingFang SC",
       sans-serif; margin: 2em auto; max-width: 72em; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
ul.summary { color: #444; } p.check { font-weight: bold; } p.check.bad { color: #b00; }
p.check.ok { color: #080; } p.note { font-style: italic; color: #555; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #ddd; padding: 0.2em 0.6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #f3f3f3; } tr.flag td { color: #b00; font-weight: bold; }
figure { margin: 1.5em 0; } figure img { max-width: 100%; }
figcaption { color: #444; font-size: 0.9em; max-width: 60em; }
"""


class RenderError(PaijuError):
    """The report cannot be written where asked; the message is one line saying why."""


def files_dir(out: Path) -> Path:
    """The folder of PNGs that a Markdown report ``out`` references (``report_files``)."""
    return out.with_name(f"{out.stem}_files")


def check_out(out: Path, fmt: str) -> None:
    """Fail early (before any work) if ``out`` cannot be written; RenderError if so."""
    out = Path(out)
    parent = out.parent
    if not parent.exists():
        raise RenderError(f"cannot write {str(out)!r}: directory {str(parent)!r} does not exist")
    if not parent.is_dir():
        raise RenderError(f"cannot write {str(out)!r}: {str(parent)!r} is not a directory")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise RenderError(f"cannot write {str(out)!r}: directory {str(parent)!r} is not writable")
    if out.is_dir():
        raise RenderError(f"cannot write {str(out)!r}: it is a directory")
    if fmt == "md":
        folder = files_dir(out)
        if folder.exists() and not folder.is_dir():
            raise RenderError(f"cannot write plots to {str(folder)!r}: a file of that name exists")
        if folder.is_dir() and any(p.suffix != ".png" or not p.is_file() for p in folder.iterdir()):
            raise RenderError(f"will not replace {str(folder)!r}: it holds files other than PNGs")


def check_report_out(fmt: str, out: str | Path | None) -> None:
    """Refuse a bad ``--format`` / ``--out`` of a report before any work (``table`` and ``md`` print
    without ``out``; ``html`` is one file and needs it)."""
    if fmt not in ("table", "md", "html"):
        raise PaijuError(f"--format must be 'table', 'md' or 'html'; got {fmt!r}")
    if fmt == "html" and out is None:
        raise PaijuError("--format html needs --out FILE (one self-contained HTML file)")
    if out is not None:
        check_out(Path(out), fmt)


# --- HTML --------------------------------------------------------------------------------------


def _e(text: str) -> str:
    return html.escape(str(text), quote=False)


def render_html(report: Report, figures: list[Figure]) -> str:
    """The whole report as one HTML document (no external references)."""
    flagged = bool(report.flagged())
    out = ["<!DOCTYPE html>", '<html lang="zh-Hans">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{_e(report.title)}</title>", f"<style>{CSS}</style>", "</head>", "<body>",
           f"<h1>{_e(report.title)}</h1>", '<ul class="summary">']
    notes = [report.notes_line()] if report.notes_line() else []
    out += [f"<li>{_e(line)}</li>" for line in report.summary + notes]
    out.append("</ul>")
    out.append(f'<p class="check {"bad" if flagged else "ok"}">{_e(report.check_line())}</p>')
    toc = [("plots", "Plots")] if figures else []
    sections = report.display_sections()
    toc += [(f"s{i}", sec.title) for i, sec in enumerate(sections)]
    out.append("<nav><ul>" + "".join(f'<li><a href="#{a}">{_e(t)}</a></li>' for a, t in toc)
               + "</ul></nav>")
    if figures:
        out.append('<h2 id="plots">Plots</h2>')
        for fig in figures:
            data = base64.b64encode(fig.png).decode("ascii")
            out += [f'<figure id="fig-{_e(fig.slug)}">',
                    f'<img src="data:image/png;base64,{data}" alt="{html.escape(fig.title)}">',
                    f"<figcaption><strong>{_e(fig.title)}.</strong> {_e(fig.caption)}</figcaption>",
                    "</figure>"]
    for i, sec in enumerate(sections):
        out.append(f'<h2 id="s{i}">{_e(sec.title)}</h2>')
        out += [f'<p class="note">{_e(note)}</p>' for note in sec.notes]
        if not sec.stats:
            continue
        out.append("<table><thead><tr>" + "".join(f"<th>{_e(c)}</th>" for c in report.columns)
                   + "</tr></thead><tbody>")
        for stat, row in zip(sec.stats, report.rows(sec)):
            cls = ' class="flag"' if stat.consistent(report.sigmas) is False else ""
            out.append(f"<tr{cls}>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>")
        out.append("</tbody></table>")
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


# --- Markdown ----------------------------------------------------------------------------------


def render_markdown(report: Report, figures: list[Figure], folder: str) -> str:
    """``report.to_markdown()`` with a Plots section (images under ``folder``/) after the summary."""
    text = report.to_markdown()
    if not figures:
        return text
    plots = ["## Plots", ""]
    for fig in figures:
        plots += [f"### {fig.title}", "", f"![{fig.title}]({quote(folder)}/{quote(fig.slug)}.png)", "",
                  f"_{fig.caption}_", ""]
    cut = text.find("\n## ")
    if cut < 0:
        return text.rstrip("\n") + "\n\n" + "\n".join(plots)
    return text[:cut + 1] + "\n".join(plots) + "\n" + text[cut + 1:]


# --- atomic writing ----------------------------------------------------------------------------


def _tmp(path: Path) -> Path:
    return path.with_name(f".{path.name}.{os.getpid()}.tmp")


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = _tmp(path)
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text(out: str | Path, text: str) -> None:
    """Write ``text`` to ``out`` atomically (a temporary file beside it, then a rename), so that no
    half-written report is ever left; RenderError saying why when it cannot be written."""
    out = Path(out)
    if not out.parent.is_dir():
        raise RenderError(f"cannot write {str(out)!r}: directory {str(out.parent)!r} does not exist")
    try:
        _write_atomic(out, text.encode("utf-8"))
    except OSError as err:
        raise _oserror(out, err) from err


def _oserror(path: Path, err: OSError) -> RenderError:
    why = err.strerror or " ".join(str(err).split())
    return RenderError(f"cannot write {str(path)!r}: {why}")


def _write_pngs(folder: Path, figures: list[Figure]) -> None:
    """Fill ``folder`` with the PNGs: a temporary folder renamed over the old one."""
    tmp = _tmp(folder)
    old = folder.with_name(f".{folder.name}.{os.getpid()}.old")
    try:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        for fig in figures:
            (tmp / f"{fig.slug}.png").write_bytes(fig.png)
        if folder.exists():
            os.replace(folder, old)
        os.replace(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        if old.exists() and not folder.exists():
            os.replace(old, folder)
        raise
    shutil.rmtree(old, ignore_errors=True)


def write_report(report: Report, figures: list[Figure], out: Path, fmt: str) -> list[Path]:
    """Write ``out`` (and for Markdown its PNG folder); the paths written."""
    out = Path(out)
    if fmt not in FORMATS:
        raise RenderError(f"unknown report format {fmt!r} (known: {', '.join(FORMATS)})")
    check_out(out, fmt)
    if fmt == "html":
        try:
            _write_atomic(out, render_html(report, figures).encode("utf-8"))
        except OSError as err:
            raise _oserror(out, err) from err
        return [out]
    folder = files_dir(out)
    written = []
    try:
        if figures:
            _write_pngs(folder, figures)
            written = [folder / f"{f.slug}.png" for f in figures]
    except OSError as err:
        raise _oserror(folder, err) from err
    try:
        _write_atomic(out, render_markdown(report, figures, folder.name).encode("utf-8"))
    except OSError as err:
        if figures:
            shutil.rmtree(folder, ignore_errors=True)  # nothing references it now
        raise _oserror(out, err) from err
    return [out, *written]
