import { formatPercent } from "../../../ui/detail/format.ts";

/** APA under the school's warning_percentage is flagged (decisions.md), in words as well as colour. */
export function isApaWarning(apa: number | null | undefined, warningPercentage: number): boolean {
  return apa !== null && apa !== undefined && !Number.isNaN(apa) && apa < warningPercentage;
}

/** "72.5% (below the 80% warning line)" or "91%"; "—" without a value. */
export function apaText(apa: number | null | undefined, warningPercentage: number): string {
  const shown = formatPercent(apa);
  return isApaWarning(apa, warningPercentage) ? `${shown} (below the ${warningPercentage}% warning line)` : shown;
}
