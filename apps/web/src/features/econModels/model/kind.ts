import { ECON_MODEL_KINDS, type EconModelKind } from '@econ/contract';

/** Whether a path segment names an econ model kind. */
export const isKind = (s: string): s is EconModelKind => (ECON_MODEL_KINDS as readonly string[]).includes(s);

/** A kind's title inside a sentence: "date settings", but "CAPEX" stays an acronym. */
export const titleInSentence = (title: string): string => (title === title.toUpperCase() ? title : title.toLowerCase());
