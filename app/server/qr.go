package server

import (
	"net/http"

	"azar/app/qr"
)

// qrBody is the body of POST /api/qr: the text to draw, an invitation
// link. It is a POST, not a GET with the text in the address, so that
// the link (a seat's key) is in no log or history.
type qrBody struct {
	Text string `json:"text"`
}

// qr answers the QR code of the text as an SVG image (app/qr: byte mode,
// level M, at most a version 10 code, 213 bytes).
func (s *Server) qr(w http.ResponseWriter, r *http.Request) {
	var b qrBody
	if !decode(w, r, &b) {
		return
	}
	if b.Text == "" {
		writeError(w, http.StatusUnprocessableEntity, "no text to draw")
		return
	}
	c, err := qr.Encode([]byte(b.Text))
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(c.SVG())
}
