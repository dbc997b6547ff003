// What an engine id looks like where a person reads words: a Crown Battles card id (R7,
// JESTER, DRAGON2), a Dwarf King quest code (G1), a snake_case action or event name, a
// Queen's Court or Lunar card code (7c, Wa, kd10), a neutral "made a move", or an unfilled
// placeholder. Words shown to players never match it.
export const ENGINE_ID = /\b([RBGY]\d{1,2}|[A-Z]{3,}(_[A-Z]+)*\d*|[GQ][1-5]|[a-z]+_[a-z_]+|\d+[a-f]|[WOLB][a-f]|[kdg](10|[2-9JQKA]))\b|made a move|\{\d\}/;
