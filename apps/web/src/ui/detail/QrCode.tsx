import { Skeleton } from "@mantine/core";
import { useEffect, useState } from "react";

/**
 * A QR code drawn in the browser (the `qrcode` package, loaded with this chunk only): the
 * value never leaves the page. `label` is its accessible name.
 */
export function QrCode({ value, label, size = 180 }: { value: string; label: string; size?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("qrcode").then(async (mod) => {
      // the CommonJS package arrives as the module or as its default export, by bundler
      const qr = ((mod as unknown as { default?: typeof mod }).default ?? mod) as typeof mod;
      const text = await qr.toString(value, { type: "svg", margin: 1, errorCorrectionLevel: "M", width: size });
      if (live) setSvg(text);
    });
    return () => {
      live = false;
    };
  }, [value, size]);
  if (!svg) return <Skeleton width={size} height={size} />;
  return (
    <div
      role="img"
      aria-label={label}
      style={{ width: size, height: size, background: "white", lineHeight: 0 }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the qrcode package's own SVG of a value we hold
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
