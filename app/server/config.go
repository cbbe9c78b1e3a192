package server

// Config says where the server is reached (docs/app.md, "Running it on a network").
type Config struct {
	// Addr is the address listened on, host:port (the listener's, so a
	// port of 0 is already chosen). Its host:port is served, and for a
	// loopback address localhost, 127.0.0.1 and [::1] on that port too.
	// Empty serves those three names on any port.
	Addr string
	// Hosts are more names served (-host): "club.example" (any port, or
	// none, as behind a reverse proxy) or "club.example:8443".
	Hosts []string
}
