"""The text of each page of a PDF that Chromium's ``page.pdf()`` prints (Skia's writer), read
here with the standard library only: the objects, the page tree in order, each page's content
streams (Flate) and its fonts' ToUnicode maps (Type0 fonts, Identity-H, 2-byte codes).

It is not a general PDF reader: it reads what Skia writes (no object streams, no encryption),
which is what the browser tests print.  A line break is put where a text object begins or a
text move goes to another line; the font's ligatures (U+FB00-FB06) are given as their letters."""

from __future__ import annotations

import re
import unicodedata
import zlib

_OBJECT = re.compile(rb"(?:^|[\r\n])(\d+)\s+0\s+obj\b")
_REF = rb"(\d+)\s+0\s+R"


def _objects(data: bytes) -> dict[int, bytes]:
    """Each object's body; a stream is cut by its /Length (binary font data may hold any
    bytes, "endobj" among them)."""
    found: dict[int, bytes] = {}
    index = 0
    while (match := _OBJECT.search(data, index)) is not None:
        start = match.end()
        end = data.index(b"endobj", start)
        head_end = data.find(b"stream", start, end)
        length = re.search(rb"/Length\s+(\d+)(?!\s+0\s+R)", data[start : max(head_end, start)])
        if head_end >= 0 and length is not None:
            after = head_end + len(b"stream")
            after += 2 if data.startswith(b"\r\n", after) else 1
            end = data.index(b"endobj", after + int(length.group(1)))
        found[int(match.group(1))] = data[start:end]
        index = end
    return found


def _stream(body: bytes) -> bytes:
    head, _, rest = body.partition(b"stream")
    raw = rest.lstrip(b"\r").removeprefix(b"\n")
    raw = raw[: raw.rindex(b"endstream")]
    return zlib.decompress(raw) if b"/FlateDecode" in head else raw


def _hex(text: bytes) -> bytes:
    return bytes.fromhex(re.sub(rb"\s", b"", text).decode("ascii"))


def _to_unicode(cmap: bytes) -> dict[int, str]:
    """A ToUnicode CMap's code -> text (its bfchar and bfrange entries)."""
    found: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in re.findall(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            found[int(code, 16)] = _hex(text).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for low, high, target in re.findall(
            rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]+>|\[[^\]]*\])", block
        ):
            first, last = int(low, 16), int(high, 16)
            if target.startswith(b"["):
                texts = re.findall(rb"<([0-9A-Fa-f]+)>", target)
                for offset, text in enumerate(texts):
                    found[first + offset] = _hex(text).decode("utf-16-be")
                continue
            start = int(target[1:-1], 16)
            for offset in range(last - first + 1):
                found[first + offset] = chr(start + offset)
    return found


def _dictionary(objects: dict[int, bytes], body: bytes, key: bytes) -> bytes:
    """The dictionary under ``key`` in ``body`` (following one indirect reference)."""
    match = re.search(rb"/" + key + rb"\s*" + _REF, body)
    if match is not None:
        return objects[int(match.group(1))]
    start = body.find(b"/" + key)
    if start < 0:
        return b""
    start = body.index(b"<<", start)
    depth, index = 0, start
    while index < len(body):
        if body.startswith(b"<<", index):
            depth, index = depth + 1, index + 2
        elif body.startswith(b">>", index):
            depth, index = depth - 1, index + 2
            if depth == 0:
                return body[start:index]
        else:
            index += 1
    return body[start:]


def _pages(objects: dict[int, bytes], number: int) -> list[int]:
    body = objects[number]
    if re.search(rb"/Type\s*/Page\b(?!s)", body):
        return [number]
    kids = re.search(rb"/Kids\s*\[(.*?)\]", body, re.S)
    assert kids is not None, body[:200]
    return [page for kid in re.findall(_REF, kids.group(1)) for page in _pages(objects, int(kid))]


_TOKEN = re.compile(
    rb"<([0-9A-Fa-f\s]*)>|\[((?:<[0-9A-Fa-f\s]*>|[^\]<])*)\]|/(\w+)|(-?[\d.]+)|([A-Za-z*']+)"
)


def _page_text(objects: dict[int, bytes], page: bytes) -> str:
    fonts = _dictionary(objects, _dictionary(objects, page, b"Resources"), b"Font")
    maps = {}
    for name, ref in re.findall(rb"/(\w+)\s*" + _REF, fonts):
        font = objects[int(ref)]
        unicode_ref = re.search(rb"/ToUnicode\s*" + _REF, font)
        maps[name] = _to_unicode(_stream(objects[int(unicode_ref.group(1))])) if unicode_ref else {}
    contents = re.search(rb"/Contents\s*(\[.*?\]|" + _REF + rb")", page, re.S)
    assert contents is not None
    streams = b"\n".join(_stream(objects[int(ref)]) for ref in re.findall(_REF, contents.group(1)))
    out: list[str] = []
    font: dict[int, str] = {}
    operands: list[bytes] = []

    def shown(hex_text: bytes) -> str:
        raw = _hex(hex_text)
        return "".join(
            font.get(int.from_bytes(raw[i : i + 2], "big"), "") for i in range(0, len(raw), 2)
        )

    for match in _TOKEN.finditer(streams):
        operator = match.group(5)
        if operator is None:
            operands.append(match.group(0))
            continue
        if operator == b"Tf" and len(operands) >= 2:
            font = maps.get(operands[-2].lstrip(b"/"), {})
        elif operator in (b"Tj", b"'") and operands and operands[-1].startswith(b"<"):
            out.append(shown(operands[-1][1:-1]))
        elif operator == b"TJ" and operands and operands[-1].startswith(b"["):
            out.append("".join(shown(h) for h in re.findall(rb"<([0-9A-Fa-f\s]*)>", operands[-1])))
        elif operator in (b"BT", b"T*") or (
            operator == b"Td" and len(operands) >= 2 and float(operands[-1]) != 0
        ):
            out.append("\n")
        operands = []
    text = re.sub(r"\n+", "\n", "".join(out)).strip()
    # the font's ligatures (fi, ff, ffi ...) as their letters
    return re.sub("[\ufb00-\ufb06]", lambda m: unicodedata.normalize("NFKC", m.group(0)), text)


def pdf_pages_text(data: bytes) -> list[str]:
    """The text of each page of the PDF ``data``, in page order."""
    assert data.startswith(b"%PDF"), data[:20]
    objects = _objects(data)
    root = next(n for n, body in objects.items() if re.search(rb"/Type\s*/Catalog\b", body))
    pages = re.search(rb"/Pages\s*" + _REF, objects[root])
    assert pages is not None
    return [_page_text(objects, objects[n]) for n in _pages(objects, int(pages.group(1)))]


__all__ = ["pdf_pages_text"]
