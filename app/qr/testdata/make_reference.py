# Makes reference.txt, the known answers of app/qr's tests, with
# python-qrcode (run once; see README.md). For each text: byte mode
# only (optimize=0), level M, the smallest version (fit=True), no
# border; first python's own choice of mask, then, for the texts marked,
# every mask forced.
import qrcode
from importlib.metadata import version

TEXTS = [
    (b"hello", False),
    (b"https://azar.example/", False),
    (b"http://192.168.1.20:8080/#join=0123456789abcdef0123456789abcdef.k3J9xQ2mP7", True),
    ("¡Juega con Azar! ♞ ajedrez".encode(), False),
    (b"https://azar.example:8443/#join=" + b"f" * 32 + b"." + b"Zz09" * 8 + b"/padding-to-a-hundred", False),
    (b"http://[2001:db8::1]:8080/#join=" + b"a1" * 16 + b"." + b"x" * 70, True),
    (bytes(range(32, 127)) + bytes(range(32, 127)) + b"0123456789" * 2 + b"abc", True),
]


def matrix(text, mask):
    q = qrcode.QRCode(version=None, error_correction=qrcode.constants.ERROR_CORRECT_M,
                      border=0, mask_pattern=mask)
    q.add_data(text, optimize=0)
    q.make(fit=True)
    rows = ["".join("1" if d else "0" for d in row) for row in q.modules]
    # best_mask_pattern draws every mask again (q.modules is left
    # changed): it is asked after the rows are read.
    chosen = mask if mask is not None else q.best_mask_pattern()
    return q.version, chosen, rows


with open("reference.txt", "w") as out:
    out.write("# made by make_reference.py with python-qrcode %s\n" % version("qrcode"))
    for text, all_masks in TEXTS:
        for mask in [None] + (list(range(8)) if all_masks else []):
            ver, chosen, rows = matrix(text, mask)
            out.write("text %s\nversion %d\nmask %d %s\n" % (text.hex(), ver, chosen, "auto" if mask is None else "forced"))
            out.write("\n".join(rows) + "\n\n")
