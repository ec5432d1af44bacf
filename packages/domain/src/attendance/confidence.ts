/**
 * An attendance's confidence from the evidence of its pings (decision 0530): deterministic, and
 * more timely, consistent pings at the place never lower it.
 */
import {
  EVIDENCE_KINDS,
  type EvidenceItem,
  type EvidenceKind,
  type PingEvidence,
  SUSPICION_KINDS,
} from "./evidence.ts";

/** Below this a presence goes to staff review, unless the school sets its own threshold. */
export const DEFAULT_REVIEW_THRESHOLD = 0.6;
/** The strongest this many phone pings corroborate each other; more of the same adds nothing. */
export const CORROBORATING_PINGS = 3;
/** At most this many reasons are kept with a confidence. */
export const MAX_REASONS = 5;

/** An evidence kind as a reason: its strongest item and how many pings named it. */
export interface Reason extends EvidenceItem {
  pings: number;
}

export interface Confidence {
  /** 0..1, three decimals. */
  confidence: number;
  reasons: Reason[];
}

const CODE_KINDS: readonly EvidenceKind[] = ["offline_code", "scan_code"];
const has = (p: PingEvidence, kinds: readonly EvidenceKind[]) => p.evidence.some((i) => kinds.includes(i.kind));
const weightOf = (p: PingEvidence) => (Number.isFinite(p.weight) ? Math.min(1, Math.max(0, p.weight)) : 0);

/** Probability that at least one of independent witnesses is right. */
function anyOf(weights: readonly number[]): number {
  let miss = 1;
  for (const w of weights) miss *= 1 - w;
  return 1 - miss;
}

/**
 * Codes are witnessed presence and stand on their own. Phone pings: the strongest
 * CORROBORATING_PINGS combined, times the share of phone pings that pass every plausibility check,
 * so a faked stream cannot make up in numbers what each of its pings lacks.
 */
function score(pings: readonly PingEvidence[]): number {
  const codes: number[] = [];
  const phone: number[] = [];
  let suspicious = 0;
  for (const p of pings) {
    if (has(p, CODE_KINDS)) {
      codes.push(weightOf(p));
      continue;
    }
    phone.push(weightOf(p));
    if (has(p, SUSPICION_KINDS)) suspicious++;
  }
  const strongest = phone.sort((a, b) => b - a).slice(0, CORROBORATING_PINGS);
  const phoneScore = phone.length ? anyOf(strongest) * (1 - suspicious / phone.length) : 0;
  return anyOf([anyOf(codes.sort((a, b) => b - a)), phoneScore]);
}

/** Larger |effect| wins; a tie goes to the smaller detail as JSON, so the order of pings does not matter. */
function stronger(a: EvidenceItem, b: EvidenceItem): boolean {
  const d = Math.abs(a.effect) - Math.abs(b.effect);
  return d !== 0 ? d > 0 : JSON.stringify(a.detail) < JSON.stringify(b.detail);
}

/** Each kind once, with its strongest item, strongest first (ties in EVIDENCE_KINDS order). */
function reasonsOf(pings: readonly PingEvidence[]): Reason[] {
  const byKind = new Map<EvidenceKind, Reason>();
  for (const p of pings) {
    for (const item of p.evidence) {
      const seen = byKind.get(item.kind);
      if (!seen) byKind.set(item.kind, { ...item, pings: 1 });
      else {
        seen.pings++;
        if (stronger(item, seen)) Object.assign(seen, item);
      }
    }
  }
  const order = (k: EvidenceKind) => EVIDENCE_KINDS.indexOf(k);
  return [...byKind.values()]
    .sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect) || order(a.kind) - order(b.kind))
    .slice(0, MAX_REASONS);
}

export function attendanceConfidence(pings: readonly PingEvidence[]): Confidence {
  return { confidence: Math.round(score(pings) * 1000) / 1000, reasons: reasonsOf(pings) };
}

/** A presence under the school's threshold goes to staff review; a missing or broken threshold means the default. */
export function needsReview(confidence: number, schoolThreshold?: number | null): boolean {
  const threshold =
    typeof schoolThreshold === "number" && Number.isFinite(schoolThreshold)
      ? Math.min(1, Math.max(0, schoolThreshold))
      : DEFAULT_REVIEW_THRESHOLD;
  if (!Number.isFinite(confidence)) return true;
  return confidence < threshold;
}
