"""The pixels' side of .ci/web-test: PNG decoding (zlib, standard library only) and the
checks of a page's screenshot against the desktop binary's picture of the same scene."""
import struct
import zlib

W, H = 800, 600  # the canvas, CSS px = canvas px (deviceScaleFactor 1): the playfield's size
HINT = 40  # the page's hint line under the canvas (web/page/index.html), CSS px


class Failure(Exception):
    """A check that did not hold: the message says which and why."""


# --- PNG (8-bit RGB/RGBA, non-interlaced: what Chromium and the game write) -----------------
def png_decode(data):
    """Returns (width, height, rows): rows[y] is a bytes of RGB triples."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Failure("not a PNG")
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = ihdr
    if depth != 8 or colour not in (2, 6) or interlace:
        raise Failure(f"PNG kind not handled: depth {depth}, colour type {colour}")
    bpp = 3 if colour == 2 else 4
    raw, stride = zlib.decompress(b"".join(idat)), width * bpp
    prev, rows, pos = bytearray(stride), [], 0
    for _ in range(height):
        kind, line = raw[pos], bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        unfilter(kind, line, prev, bpp)
        rgb = line if bpp == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3)
        rows.append(bytes(rgb))
        prev = line
    return width, height, rows


def unfilter(kind, line, prev, bpp):
    """Undoes one scanline's PNG filter in place."""
    n = len(line)
    if kind == 1:
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 255
    elif kind == 2:
        line[:] = bytes((a + b) & 255 for a, b in zip(line, prev))
    elif kind == 3:
        for i in range(n):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
    elif kind == 4:
        for i in range(n):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    elif kind != 0:
        raise Failure(f"bad PNG filter {kind}")


class Image:
    """An RGB picture: `px(x, y)` is (r, g, b)."""

    def __init__(self, png):
        self.png = png
        self.w, self.h, self.rows = png_decode(png)
        if (self.w, self.h) != (W, H):
            raise Failure(f"a {self.w}x{self.h} picture, expected {W}x{H}")

    def px(self, x, y):
        r = self.rows[y]
        return r[3 * x], r[3 * x + 1], r[3 * x + 2]

    def mean(self, x0, y0, x1, y1):
        """The mean colour of the box [x0, x1) x [y0, y1)."""
        s, n = [0, 0, 0], 0
        for y in range(y0, y1):
            for x in range(x0, x1):
                for k, v in enumerate(self.px(x, y)):
                    s[k] += v
                n += 1
        return tuple(v / n for v in s)


# --- comparisons with the desktop's picture -------------------------------------------------
CELL = 16
SKIP = (W - 112, 0, W, 24)  # the desktop's "MUTED" label (it runs --mute; the page plays sound)


def text_cells(img, box=(0, 0, W, H)):
    """The CELL x CELL cells of `box` holding at least 4 text pixels (bright: a channel over 150;
    the backdrop's stars and glow stay under it)."""
    cells = set()
    for cy in range(box[1] // CELL, box[3] // CELL):
        for cx in range(box[0] // CELL, box[2] // CELL):
            x0, y0 = cx * CELL, cy * CELL
            if SKIP[0] <= x0 < SKIP[2] and SKIP[1] <= y0 < SKIP[3]:
                continue
            lit = sum(1 for y in range(y0, y0 + CELL) for x in range(x0, x0 + CELL)
                      if max(img.px(x, y)) > 150)
            if lit >= 4:
                cells.add((cx, cy))
    return cells


def same_text(name, page, oracle, box=(0, 0, W, H), share=0.8):
    """(a), (d): the page's text cells and the desktop's overlap (each side's `share` found on
    the other)."""
    p, o = text_cells(page, box), text_cells(oracle, box)
    if len(o) < 10:
        raise Failure(f"{name}: the desktop's picture has no text there ({len(o)} cells)")
    found, extra = len(o & p) / len(o), len(p - o) / max(len(p), 1)
    print(f"  {name}: {len(o)} text cells on the desktop, {len(p)} on the page, "
          f"{found:.0%} of the desktop's found, {extra:.0%} of the page's not on the desktop")
    if found < share or extra > 1 - share:
        raise Failure(f"{name}: the page's text is not where the desktop draws it "
                      f"({found:.0%} found, {extra:.0%} extra; {share:.0%}/{1 - share:.0%} needed)")


def level_cells(path):
    """The level file's grid: a list of rows of ints (0 = no brick)."""
    grid = []
    for line in open(path, encoding="utf-8"):
        line = line.split("#")[0].strip()
        if line and not line.startswith("@"):
            grid.append([int(v) for v in line.split()])
    return grid


def bricks_match(page, oracle, level):
    """(b): every cell of the level file, laid out as core/src/playfield.rs does (the grid fills
    the width and the upper half), is a brick of the desktop's colour, or empty where the file
    has 0."""
    grid = level_cells(level)
    rows, cols = len(grid), len(grid[0])
    cw, ch = W / cols, H * 0.5 / rows
    bad, bricks = [], 0
    for r, row in enumerate(grid):
        for c, v in enumerate(row):
            box = (int(c * cw + cw * 0.25), int(r * ch + ch * 0.25),
                   int(c * cw + cw * 0.75), int(r * ch + ch * 0.75))
            got, want = page.mean(*box), oracle.mean(*box)
            if v == 0:
                ok = max(got) < 90
            else:
                bricks += 1
                ok = max(want) > 90 and max(abs(a - b) for a, b in zip(got, want)) < 40
            if not ok:
                bad.append(f"({r},{c}) file {v}: page {tuple(round(x) for x in got)}, "
                           f"desktop {tuple(round(x) for x in want)}")
    print(f"  level bricks: {bricks} bricks and {rows * cols - bricks} empty cells, "
          f"{len(bad)} wrong")
    if bad:
        raise Failure("(b) the level's bricks are not drawn: " + "; ".join(bad[:5]))


def ball_pixels(img, y_min=0):
    """The ball's pixels: light grey (the desktop's ball is silver), above the HUD's line."""
    out = []
    for y in range(y_min, H - 30):
        row = img.rows[y]
        for x in range(W):
            r, g, b = row[3 * x], row[3 * x + 1], row[3 * x + 2]
            if min(r, g, b) > 185 and max(r, g, b) - min(r, g, b) < 30:
                out.append((x, y))
    return out


def ball_moved(oracle, before, after):
    """(c): the ball's colour (from the desktop's picture, resting on the paddle) found on the
    page on the paddle before Space, then elsewhere, and no longer on the paddle."""
    rest = ball_pixels(oracle, y_min=H * 3 // 4)
    if len(rest) < 30:
        raise Failure(f"(c) no ball on the desktop's paddle ({len(rest)} pixels)")
    cx = sum(p[0] for p in rest) / len(rest)
    cy = sum(p[1] for p in rest) / len(rest)
    near = lambda p: abs(p[0] - cx) < 20 and abs(p[1] - cy) < 20  # noqa: E731
    b0 = [p for p in ball_pixels(before) if near(p)]
    after_px = ball_pixels(after)
    a_near = [p for p in after_px if near(p)]
    a_far = [p for p in after_px if abs(p[0] - cx) > 30 or abs(p[1] - cy) > 30]
    print(f"  ball: {len(rest)} px at ({cx:.0f},{cy:.0f}) on the desktop; page before Space "
          f"{len(b0)} px there; after: {len(a_near)} px there, {len(a_far)} px elsewhere")
    if len(b0) < len(rest) // 2:
        raise Failure("(c) the page shows no ball on the paddle before Space")
    if len(a_near) > len(b0) // 2 or len(a_far) < len(rest) // 2:
        raise Failure("(c) after Space the ball did not move on the page")
    # One ball, not the colour spread over the page: most of those pixels around their median
    # (the ball's trail and sparks are bluer, and not counted).
    mx = sorted(p[0] for p in a_far)[len(a_far) // 2]
    my = sorted(p[1] for p in a_far)[len(a_far) // 2]
    ball = [p for p in a_far if abs(p[0] - mx) <= 20 and abs(p[1] - my) <= 20]
    if len(ball) < len(rest) // 2:
        raise Failure(f"(c) the ball's colour is spread over the page, not one ball "
                      f"({len(ball)} of {len(a_far)} px around ({mx},{my}))")
