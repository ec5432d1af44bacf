import { Stack } from "@mantine/core";
import { UrlTabs } from "../../ui/detail/UrlTabs.tsx";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { ImportsPanel } from "../imports/ImportsPanel.tsx";
import { LocationsTab } from "../locations/LocationsTab.tsx";
import { TechnicalPanel } from "../technical/TechnicalPanel.tsx";
import { SchoolTab } from "./SchoolTab.tsx";

/** /Settings (admin roles): the School (default), Locations, Imports and Technical tabs. */
export default function SettingsPage() {
  return (
    <Stack gap="md" maw={1200}>
      <PageHeading>Settings</PageHeading>
      <UrlTabs
        label="Settings sections"
        defaultTab="school"
        tabs={[
          { value: "school", label: "School", panel: <SchoolTab /> },
          { value: "locations", label: "Locations", panel: <LocationsTab /> },
          { value: "imports", label: "Imports", panel: <ImportsPanel /> },
          { value: "technical", label: "Technical", panel: <TechnicalPanel /> },
        ]}
      />
    </Stack>
  );
}
