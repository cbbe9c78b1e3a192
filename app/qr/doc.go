// Package qr draws QR codes (ISO/IEC 18004) for the app's invitation
// links: byte mode, error correction level M, versions 1 to 10 (up to
// 213 bytes, plenty for a link of about 100 characters), the eight
// masks judged by the penalty rules, the format and version
// information, and an SVG of the symbol with its quiet zone.
//
// It is our own encoder rather than a dependency: the page must work
// offline and the whole of it is a few hundred lines. Its matrices are
// checked bit for bit against python-qrcode's (testdata/README.md).
package qr
