// The areas' string tables (see i18n.js): one module an area of the
// page, each {en: {...}, es: {...}}. Adding an area is a file here and
// a line in AREAS.

import { cards } from "./cards.js";
import { spanish } from "./spanish.js";
import { friends } from "./friends.js";
import { review } from "./review.js";
import { luck } from "./luck.js";
import { online } from "./online.js";
import { clock } from "./clock.js";
import { extras } from "./extras.js";

export const AREAS = [cards, spanish, friends, review, luck, online, clock, extras];
