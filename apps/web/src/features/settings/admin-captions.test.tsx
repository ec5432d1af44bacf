import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi, testMe } from "../../../test/render.tsx";
import { BeaconsSection } from "../locations/BeaconsSection.tsx";
import type { BeaconRow } from "../locations/queries.ts";
import { ClosuresPanel } from "./ClosuresPanel.tsx";
import type { Closure } from "./queries.ts";

const SCROLLER = ".mantine-TableScrollContainer-scrollContainer";

/**
 * A <caption> is as wide as its table: where the table scrolls sideways on a phone (a location's
 * beacons at 560 px in a 390 px screen), the caption scrolled with it and was cut off ("Beacons
 * of Main H"). The tables of the settings are named by a caption above them, outside the scroll.
 */
async function expectOuterCaption(words: string) {
  const table = await screen.findByRole("table", { name: words });
  expect(table.closest(SCROLLER), "the table scrolls sideways in its box").not.toBeNull();
  const caption = screen.getByText(words);
  expect(caption.closest(SCROLLER), "the caption is outside that box").toBeNull();
  expect(caption.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

describe("the settings' table captions", () => {
  it("a location's beacons", async () => {
    const beacons = [
      { id: 1, name: "Main Hall east", factory_id: "B0E-D10E897E", battery: 54, active: true, last_seen: null },
    ] as unknown as BeaconRow[];
    renderUi(
      <BeaconsSection
        locationId={1}
        locationName="Main Hall"
        beacons={beacons}
        timeZone="America/New_York"
        onChanged={async () => {}}
      />,
      { me: testMe(3) },
    );
    await expectOuterCaption("Beacons of Main Hall");
  });

  it("the school's closures", async () => {
    const closures = [
      { id: 1, school_id: 1, title: "Winter break", start_date: "2026-12-30", end_date: "2027-01-13" },
    ] as unknown as Closure[];
    renderUi(<ClosuresPanel closures={closures} />, { me: testMe(3) });
    await expectOuterCaption("Closures of the school");
  });
});
