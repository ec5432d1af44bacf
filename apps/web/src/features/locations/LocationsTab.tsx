import { Box, Button, Group, Stack } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { execute } from "../../lib/graphql.ts";
import { FormModal } from "../../ui/form/FormModal.tsx";
import { DataGrid, type GridColumn } from "../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../ui/grid/useGridParams.ts";
import { notify } from "../../ui/notify.tsx";
import { SearchInput } from "../../ui/SearchInput.tsx";
import { roundCoordinate } from "./coordinates.ts";
import { LocationForm } from "./LocationForm.tsx";
import { EMPTY_LOCATION } from "./location-form.ts";
import { CreateLocationDocument, LOCATIONS_KEY, type LocationListRow, useLocationsList } from "./queries.ts";

const fence = (l: LocationListRow) =>
  l.latitude == null || l.longitude == null
    ? "No geofence"
    : `${roundCoordinate(l.latitude)}, ${roundCoordinate(l.longitude)} (${l.radius} m)`;

const COLUMNS: GridColumn<LocationListRow>[] = [
  {
    key: "name",
    header: "Name",
    sortBy: "name",
    phone: "title",
    render: (l) => l.name,
    href: (l) => `/Locations/${l.id}`,
  },
  { key: "fence", header: "Geofence", render: fence },
  { key: "beacons_count", header: "Beacons", align: "right", render: (l) => formatCount(l.beacons_count) },
  { key: "courses_count", header: "Classes", align: "right", render: (l) => formatCount(l.courses_count) },
];

const QUERY_PARAM = "q";

/** The Settings page's Locations tab: the school's locations, searched, and a new one. */
export function LocationsTab() {
  const grid = useGridParams({ sort_by: "name", sort_dir: "asc", sortable: ["name", "id"] });
  const [search] = useSearchParams();
  const query = search.get(QUERY_PARAM) ?? "";
  const list = useLocationsList(query, grid.params);
  const [creating, setCreating] = useState(false);
  const client = useQueryClient();
  const navigate = useNavigate();
  const setQuery = (q: string) =>
    grid.updateQuery(
      (p) => {
        if (q) p.set(QUERY_PARAM, q);
        else p.delete(QUERY_PARAM);
        p.delete("page");
        return p;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="end" wrap="wrap" gap="sm">
        <Box component="form" role="search" aria-label="Filter locations" onSubmit={(e) => e.preventDefault()}>
          <SearchInput
            label="Search locations"
            placeholder="Name"
            value={query}
            onChange={setQuery}
            w={{ base: "100%", xs: 280 }}
          />
        </Box>
        <Button onClick={() => setCreating(true)}>New location</Button>
      </Group>
      <DataGrid
        caption="Locations"
        columns={COLUMNS}
        rows={list.data?.locations.data}
        total={list.data?.locations.total}
        rowKey={(l) => l.id}
        grid={grid}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText={query ? "No matching data" : "No locations yet"}
      />
      <FormModal opened={creating} onClose={() => setCreating(false)} title="New location" size="lg">
        <LocationForm
          initial={EMPTY_LOCATION}
          formLabel="New location"
          submitLabel="Create location"
          onCancel={() => setCreating(false)}
          onSubmit={async (vars) => {
            const r = await execute(CreateLocationDocument, vars);
            notify.success(`${r.createLocation.name} was created.`);
            setCreating(false);
            await client.invalidateQueries({ queryKey: LOCATIONS_KEY });
            navigate(`/Locations/${r.createLocation.id}`);
          }}
        />
      </FormModal>
    </Stack>
  );
}
