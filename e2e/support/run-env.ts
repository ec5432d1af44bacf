/** Environment variables through which the global setup tells the workers where things are. */
export const ENV_BASE_URL = "E2E_BASE_URL";
export const ENV_MAIL_DIR = "E2E_MAIL_DIR";

export function runEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs with -c e2e/playwright.config.ts`);
  return value;
}
