// The words that name the other side in a game between two people on
// their own devices (mode "online"): the panels' t() takes key+"Online"
// when the game is online and the key has one (game-screen.js), so that
// a friend is never called Azar.
export const online = {
  en: {
    opponentHoldsOnline: "Your friend holds",
    engineCommittedOnline: "Your friend committed",
    engineDrewOnline: "Your friend drew",
    spyHiddenOnline: "hidden among your friend's pieces on",
    engineRevealedOnline: "Your friend reveals their spy:",
    notRevealedOnline: "Your friend's card is secret",
    stepEngineOnline: "Your friend is playing their turn.",
    engineDidOnline: "Your friend played",
    engineDidCardOnline: "Your friend drew",
    engineSaysOnline: "Your friend",
    azarOnline: "your friend",
  },
  es: {
    opponentHoldsOnline: "Tu amigo tiene",
    engineCommittedOnline: "Tu amigo ha jugado",
    engineDrewOnline: "Tu amigo roba",
    spyHiddenOnline: "escondido entre las piezas de tu amigo en",
    engineRevealedOnline: "Tu amigo revela su espía:",
    notRevealedOnline: "La carta de tu amigo es secreta",
    stepEngineOnline: "Tu amigo juega su turno.",
    engineDidOnline: "Tu amigo jugó",
    engineDidCardOnline: "Tu amigo robó",
    engineSaysOnline: "Tu amigo",
    azarOnline: "tu amigo",
  },
};
