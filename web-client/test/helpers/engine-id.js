// What an engine id looks like in text a person reads. Crown Battles: R13, GOLEM1, JESTER,
// DOUBLE_FACED; Lunar: 4a, We; Queen's Court: 7c, G1, Q2; The Dwarf King: gA, k10, druid-like
// ids are words and so only their snake_case forms (standard_bearer) count; any snake_case
// word; the old fallback of a hidden move ("made a move"); an unfilled placeholder.
export const ENGINE_ID = /\b([RBGY]\d{1,2}|[A-Z]{3,}(_[A-Z]+)*\d*|[GQ][1-5]|[a-z]+_[a-z_]+|\d+[a-f]|[WOLB][a-f]|[kdg](10|[2-9JQKA]))\b|made a move|\{\d\}/;
