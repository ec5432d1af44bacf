import { Box, Button, Group, NativeSelect, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { execute } from "../../../lib/graphql.ts";
import { useMe } from "../../../lib/me.ts";
import { FormModal } from "../../../ui/form/FormModal.tsx";
import { DataGrid } from "../../../ui/grid/DataGrid.tsx";
import { useGridParams } from "../../../ui/grid/useGridParams.ts";
import { notify } from "../../../ui/notify.tsx";
import { PageHeading } from "../../../ui/PageHeading.tsx";
import { SearchInput } from "../../../ui/SearchInput.tsx";
import { eventPermissions } from "../../teams/permissions.ts";
import { usePhone } from "../../teams/use-phone.ts";
import { EventForm } from "../EventForm.tsx";
import { EMPTY_EVENT_FORM, eventVariables } from "../event-form.ts";
import { useLocationChoices } from "../location-choices.ts";
import { CreateEventDocument, useEventsList, useEventTeamOptions } from "../queries.ts";
import { eventColumns } from "./columns.tsx";
import {
  EVENT_GRID_DEFAULTS,
  type EventFilters,
  type EventState,
  eventsCaption,
  eventsEmptyText,
  parseEventFilters,
  withEventFilters,
} from "./filters.ts";

/**
 * /Events (Singular): the events the viewer may see, searched and filtered (upcoming, past,
 * removed) through the URL, and "New event" with the create_appointment permission. A push
 * (attendance.update) refetches the rows in place.
 */
export default function EventsPage() {
  const me = useMe();
  const can = eventPermissions(me);
  const navigate = useNavigate();
  const client = useQueryClient();
  const grid = useGridParams(EVENT_GRID_DEFAULTS);
  const [query] = useSearchParams();
  const filters = useMemo(() => parseEventFilters(query), [query]);
  const list = useEventsList(filters, grid.params);
  const [creating, setCreating] = useState(false);
  const phone = usePhone();
  const locations = useLocationChoices(creating);
  const teams = useEventTeamOptions(creating);
  const columns = useMemo(() => eventColumns(), []);

  const setFilters = (patch: Partial<EventFilters>, replace = false) =>
    grid.updateQuery((q) => withEventFilters(q, patch), { replace });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <PageHeading>Singular</PageHeading>
        {can.edit && <Button onClick={() => setCreating(true)}>New event</Button>}
      </Group>

      <Box component="form" role="search" aria-label="Filter events" onSubmit={(e) => e.preventDefault()}>
        <Group align="end" gap="sm" wrap="wrap">
          <SearchInput
            label="Search events"
            placeholder="Title"
            value={filters.query}
            onChange={(v) => setFilters({ query: v }, true)}
            w={{ base: "100%", xs: 280 }}
          />
          <NativeSelect
            label="State"
            value={filters.state}
            onChange={(e) => setFilters({ state: e.currentTarget.value as EventState })}
            data={[
              { value: "upcoming", label: "Upcoming" },
              { value: "past", label: "Past" },
              { value: "removed", label: "Removed" },
            ]}
          />
        </Group>
      </Box>

      <DataGrid
        caption={eventsCaption(filters)}
        columns={columns}
        rows={list.data?.events.data}
        total={list.data?.events.total}
        rowKey={(e) => e.id}
        grid={grid}
        loading={list.isPending || list.isPlaceholderData}
        error={list.isError ? list.error.message : null}
        emptyText={eventsEmptyText(filters, me.role.id)}
      />

      <FormModal opened={creating} onClose={() => setCreating(false)} title="New event" size="xl" fullScreen={phone}>
        <EventForm
          label="New event"
          initial={EMPTY_EVENT_FORM}
          submitLabel="Create event"
          locations={locations.data ?? []}
          teams={teams.data ?? []}
          onCancel={() => setCreating(false)}
          onSubmit={async (values) => {
            const r = await execute(CreateEventDocument, eventVariables(values));
            setCreating(false);
            notify.success(`${r.createEvent.title} was created.`);
            void client.invalidateQueries({ queryKey: ["events"] });
            navigate(`/Events/${r.createEvent.uuid}`);
          }}
        />
      </FormModal>
    </Stack>
  );
}
