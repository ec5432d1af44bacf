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
 * What the confidence of an attendance needs of its pings, kept so that a ping can be added
 * without looking at the others again (the incremental engine): the code weights, the strongest
 * CORROBORATING_PINGS phone weights, how many phone pings and how many suspicious, and each
 * evidence kind's strongest item with its count. JSON-safe, so it is stored with the attendance.
 */
export interface ConfidenceTally {
  codes: number[];
  top: number[];
  phone: number;
  /** phone pings that claim presence (inside the fence, a beacon) or fail a plausibility check */
  claims: number;
  suspicious: number;
  reasons: Reason[];
}

export const emptyTally = (): ConfidenceTally => ({
  codes: [],
  top: [],
  phone: 0,
  claims: 0,
  suspicious: 0,
  reasons: [],
});

/** What a phone ping claims: presence at the place. Outside the fence or no position claims nothing. */
const CLAIM_KINDS: readonly EvidenceKind[] = ["inside_fence", "beacon_seen"];

/** A detail as text with its keys sorted: a tally stored as jsonb comes back with its keys reordered. */
const canonical = (detail: EvidenceItem["detail"]) =>
  JSON.stringify(
    Object.keys(detail)
      .sort()
      .map((k) => [k, detail[k]]),
  );

/** Larger |effect| wins; a tie goes to the smaller detail, so the order of pings does not matter. */
function stronger(a: EvidenceItem, b: EvidenceItem): boolean {
  const d = Math.abs(a.effect) - Math.abs(b.effect);
  return d !== 0 ? d > 0 : canonical(a.detail) < canonical(b.detail);
}

/** The tally with one more ping; the one given is not changed. */
export function addToTally(tally: ConfidenceTally, p: PingEvidence): ConfidenceTally {
  const next: ConfidenceTally = {
    codes: tally.codes,
    top: tally.top,
    phone: tally.phone,
    claims: tally.claims,
    suspicious: tally.suspicious,
    reasons: tally.reasons.map((r) => ({ ...r })),
  };
  if (has(p, CODE_KINDS)) next.codes = [...tally.codes, weightOf(p)];
  else {
    next.phone += 1;
    const suspicious = has(p, SUSPICION_KINDS);
    if (suspicious) next.suspicious += 1;
    if (suspicious || has(p, CLAIM_KINDS)) next.claims += 1;
    next.top = [...tally.top, weightOf(p)].sort((a, b) => b - a).slice(0, CORROBORATING_PINGS);
  }
  for (const item of p.evidence) {
    const seen = next.reasons.find((r) => r.kind === item.kind);
    if (!seen) next.reasons.push({ ...item, pings: 1 });
    else {
      seen.pings++;
      if (stronger(item, seen)) Object.assign(seen, item, { pings: seen.pings });
    }
  }
  return next;
}

/**
 * Codes are witnessed presence and stand on their own. Phone pings: the strongest
 * CORROBORATING_PINGS combined, times the share of the pings that claim presence or fail a check
 * which pass every plausibility check, so a faked stream cannot make up in numbers what each of
 * its pings lacks. Pings that claim nothing (no position, outside the fence) are not in the
 * share: padding a faked stream with them would dilute its failures (found by a fraud sweep).
 */
function score(t: ConfidenceTally): number {
  const phoneScore = t.claims ? anyOf(t.top) * (1 - t.suspicious / t.claims) : 0;
  return anyOf([anyOf([...t.codes].sort((a, b) => b - a)), phoneScore]);
}

/** Each kind once, with its strongest item, strongest first (ties in EVIDENCE_KINDS order). */
function reasonsOf(t: ConfidenceTally): Reason[] {
  const order = (k: EvidenceKind) => EVIDENCE_KINDS.indexOf(k);
  return [...t.reasons]
    .sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect) || order(a.kind) - order(b.kind))
    .slice(0, MAX_REASONS);
}

export function confidenceOfTally(t: ConfidenceTally): Confidence {
  return { confidence: Math.round(score(t) * 1000) / 1000, reasons: reasonsOf(t) };
}

export function attendanceConfidence(pings: readonly PingEvidence[]): Confidence {
  return confidenceOfTally(pings.reduce(addToTally, emptyTally()));
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
