#!/bin/sh
# Writes the four-player chaturanga pieces, app/web/static/pieces/c4/
# <seat><piece>.svg: raja K, elephant E, knight N, boat B, pawn P in the
# seats' colours (red, green, yellow, black). Our own drawings (the knight
# and the pawn are the chess set's silhouettes): docs/licences.md.
set -eu
out=$(dirname "$0")/../app/web/static/pieces/c4
mkdir -p "$out"
base='<path d="M10.5 39.5 L34.5 39.5 L34.5 36.5 Q34.5 34 32 34 L13 34 Q10.5 34 10.5 36.5 Z"/>'
K="$base"'<path d="M12.5 34 C11.5 28 14 24 13 20.5 L32 20.5 C31 24 33.5 28 32.5 34 Z"/><path d="M13 20.5 L14.5 9.5 L18.8 15.5 L22.5 7 L26.2 15.5 L30.5 9.5 L32 20.5 Z"/><circle class="e" cx="14.5" cy="9.3" r="1.4"/><circle class="e" cx="22.5" cy="6.8" r="1.4"/><circle class="e" cx="30.5" cy="9.3" r="1.4"/><path class="d" d="M13.6 25 L31.4 25 M17 29.5 L28 29.5" fill="none"/>'
E="$base"'<path d="M16 34 L16 28 C14 26 12.5 22.5 13 19 C13.5 15 17 12.5 21 13 C24 13.5 26 15 27.5 16.5 C31.5 16.5 35 19.5 35 25 L35 34 L30.5 34 L30.5 30 L20.5 30 L20.5 34 Z"/><path d="M13.5 19.5 C9.5 21.5 8.5 27 9.5 32 L12.5 32 C12 28.5 12.5 25 16 23.5 Z"/><ellipse cx="21.5" cy="19.5" rx="3.6" ry="4.6"/><circle class="e" cx="16.5" cy="17.2" r="1.1"/><path class="d" d="M15 24.5 L11.8 26.5" fill="none"/>'
N="$base"'<path d="M14 34 C15 29 18 26 20.5 22.5 C17.5 24 14.5 26 12.5 26.5 C10 27 8 25 9 22.5 C10.5 19.5 13.5 15.5 17 12 L18.5 9 L19.5 5 L22.5 8.5 L25.5 4.5 L26.8 9.5 C31.5 12.5 33.5 21 32.5 34 Z"/><circle class="e" cx="18" cy="14" r="1.3"/><circle class="e" cx="11.3" cy="23.4" r="0.9"/><path class="d" d="M27.5 12 C30.3 17 31.3 24 30.5 31" fill="none"/>'
B='<path d="M6.5 27 L38.5 27 L33 35.5 L12 35.5 Z"/><path d="M21.5 27 L21.5 5.5 L23.5 5.5 L23.5 27 Z"/><path d="M24.5 7.5 C30 12 33.5 18 34 24.5 L24.5 24.5 Z"/><path d="M20.5 10 C16.5 14 13.5 19 12.5 24.5 L20.5 24.5 Z"/><path class="d" d="M7 39.5 Q10.5 37.5 14 39.5 T21 39.5 T28 39.5 T35 39.5 T38.5 39" fill="none"/><path class="d" d="M11 31 L34.5 31" fill="none"/>'
P="$base"'<path d="M15 34 Q16.5 27 19.5 22.5 L25.5 22.5 Q28.5 27 30 34 Z"/><ellipse cx="22.5" cy="22" rx="6" ry="2"/><circle cx="22.5" cy="15" r="5.2"/>'
for seat in r g y b; do
	case $seat in
	r) fill='#d63a2f' line='#1b1b1b' detail='#1b1b1b' ;;
	g) fill='#2f9e44' line='#1b1b1b' detail='#1b1b1b' ;;
	y) fill='#f2c21b' line='#1b1b1b' detail='#1b1b1b' ;;
	b) fill='#2a2a2a' line='#0a0a0a' detail='#e8e4dc' ;;
	esac
	for piece in K E N B P; do
		eval "body=\$$piece"
		printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45" width="45" height="45"><style>.d{stroke:%s;stroke-width:1.2}.e{fill:%s;stroke:none}</style><g fill="%s" stroke="%s" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">%s</g></svg>\n' \
			"$detail" "$detail" "$fill" "$line" "$body" >"$out/$seat$piece.svg"
	done
done
