"""A tiny PDF 1.4 writer for the templates users download (consent form,
consultant contract): text lines in Helvetica, WinAnsiEncoding, A4 pages.
Shared by make-consent-form.py and make-consultant-contract.py."""


def text(s: str) -> bytes:
    raw = s.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def content(lines) -> bytes:
    out = [b"BT", b"56 780 Td"]
    for font, size, line in lines:
        out.append(b"/%s %d Tf" % (font.encode(), size))
        out.append(text(line) + b" Tj")
        out.append(b"0 -%d Td" % (size + 9))
    out.append(b"ET")
    return b"\n".join(out)


def build(title: str, pages_of_lines) -> bytes:
    """A PDF of `pages_of_lines`: per page, `(font, size, text)` lines; F1
    Helvetica, F2 Helvetica-Bold."""
    objects = []  # 1-based object bodies
    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)
    catalog = add(b"")  # filled below
    pages = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    bold = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    kids = []
    for lines in pages_of_lines:
        stream = content(lines)
        body = add(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(stream), stream))
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 595 842] "
                        b"/Resources << /Font << /F1 %d 0 R /F2 %d 0 R >> >> /Contents %d 0 R >>"
                        % (pages, font, bold, body)))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages
    objects[pages - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % k for k in kids), len(kids))
    info = add(b"<< /Title %s /Producer (Equilibre) >>" % text(title))

    pdf = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(pdf))
        pdf += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(pdf)
    pdf += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        pdf += b"%010d 00000 n \n" % offset
    pdf += b"trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, catalog, info, xref)
    return bytes(pdf)
