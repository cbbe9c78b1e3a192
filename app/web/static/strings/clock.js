// The clocks (clock.js) and the new-game form's time control.
export const clock = {
  en: { clockChoice: "Clock", noClock: "None", timeUp: "Time is up" },
  es: { clockChoice: "Reloj", noClock: "Sin reloj", timeUp: "Se acabó el tiempo" },
};
