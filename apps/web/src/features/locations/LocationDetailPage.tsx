import { Alert, Anchor, Button, List, Stack, Text } from "@mantine/core";
import { formatCount } from "@rollbook/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { execute } from "../../lib/graphql.ts";
import { StatusBarChart } from "../../ui/charts/StatusBarChart.tsx";
import { confirm, isDeclined } from "../../ui/confirm.tsx";
import { DateField } from "../../ui/dates/DatePicker.tsx";
import { DetailHeader } from "../../ui/detail/DetailHeader.tsx";
import { DetailSection } from "../../ui/detail/DetailSection.tsx";
import { KeyValueList } from "../../ui/detail/KeyValueList.tsx";
import { NotFoundPanel } from "../../ui/detail/NotFoundPanel.tsx";
import { DISCARD_UNSAVED } from "../../ui/form/unsaved-changes.tsx";
import { notify } from "../../ui/notify.tsx";
import { PageHeading } from "../../ui/PageHeading.tsx";
import { Spinner } from "../../ui/Spinner.tsx";
import { BeaconsSection } from "./BeaconsSection.tsx";
import { roundCoordinate } from "./coordinates.ts";
import { LocationForm } from "./LocationForm.tsx";
import { locationFormValues } from "./location-form.ts";
import {
  LOCATIONS_KEY,
  type LocationDetail,
  RemoveLocationDocument,
  UpdateLocationDocument,
  useLocationDetail,
} from "./queries.ts";

const BACK = "/Settings?tab=locations";
const ACTIVITY_SERIES = [
  { name: "Students", label: "Students", color: "blue.7" },
  { name: "Pings", label: "Pings", color: "teal.7" },
] as const;

/** /Locations/:id (admin roles): the location's fence and note, its beacons, its activity by hour. */
export default function LocationDetailPage() {
  const { id = "" } = useParams();
  const locationId = Number(id);
  const [date, setDate] = useState<string | null>(null);
  const detail = useLocationDetail(locationId, date);
  const notFound =
    !Number.isInteger(locationId) || locationId < 1 || (detail.isError && /not found/i.test(detail.error.message));
  if (notFound) return <NotFoundPanel what="Location" backTo={BACK} backLabel="Back to the locations" />;
  if (!detail.data)
    return (
      <Stack gap="sm">
        <PageHeading>Location</PageHeading>
        {detail.isError ? (
          <Alert color="red" role="alert" title="The location could not be loaded">
            {detail.error.message}
          </Alert>
        ) : (
          <Spinner label="Loading the location" />
        )}
      </Stack>
    );
  return (
    <LocationView
      location={detail.data.location}
      timeZone={detail.data.school.timezone}
      date={date}
      setDate={setDate}
      refresh={() => detail.refetch()}
    />
  );
}

function LocationView(props: {
  location: LocationDetail;
  timeZone: string;
  date: string | null;
  setDate: (d: string | null) => void;
  refresh: () => Promise<unknown>;
}) {
  const { location } = props;
  const client = useQueryClient();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState(false);
  const fence =
    location.latitude == null || location.longitude == null
      ? "No geofence (beacons only)"
      : `${roundCoordinate(location.latitude)}, ${roundCoordinate(location.longitude)}, radius ${location.radius} m`;

  const remove = async () => {
    try {
      await confirm({
        title: "Remove location",
        message: `Remove ${location.name}? Its beacons come off it.`,
        danger: true,
      });
      setRemoving(true);
      await execute(RemoveLocationDocument, { id: location.id });
      notify.success(`${location.name} was removed.`);
      await client.invalidateQueries({ queryKey: LOCATIONS_KEY });
      // the location is gone: its unsaved edits with it, without asking
      navigate(BACK, { state: DISCARD_UNSAVED });
    } catch (err) {
      if (!isDeclined(err)) notify.error(err instanceof Error ? err.message : "That did not work.");
    } finally {
      setRemoving(false);
    }
  };

  return (
    <Stack gap="md" maw={1200}>
      <DetailHeader
        title={location.name}
        back={
          <Anchor component={Link} to={BACK} size="sm">
            ← Locations
          </Anchor>
        }
        actions={
          <Button variant="light" color="red" loading={removing} onClick={() => void remove()}>
            Remove location
          </Button>
        }
      >
        <KeyValueList
          columns={3}
          label="Location"
          items={[
            { label: "Geofence", value: fence },
            { label: "Beacons", value: formatCount(location.beacons_count) },
            { label: "Classes", value: formatCount(location.courses_count) },
          ]}
        />
      </DetailHeader>
      <DetailSection title="Information">
        <LocationForm
          key={`${location.id}-${location.name}-${location.latitude}-${location.longitude}-${location.radius}`}
          initial={locationFormValues(location)}
          formLabel="Location information"
          submitLabel="Save location"
          onSubmit={async (vars) => {
            await execute(UpdateLocationDocument, { id: location.id, ...vars });
            notify.success(`${vars.name.trim()} was saved.`);
            await client.invalidateQueries({ queryKey: LOCATIONS_KEY });
          }}
        />
      </DetailSection>
      <BeaconsSection
        locationId={location.id}
        locationName={location.name}
        beacons={location.beacons}
        timeZone={props.timeZone}
        onChanged={props.refresh}
      />
      <DetailSection title="Activity">
        <Stack gap="sm">
          <DateField
            label="Day"
            description="Empty: today, in the school's time zone"
            clearable
            value={props.date}
            onChange={props.setDate}
          />
          <StatusBarChart
            graph={location.activity_graph}
            caption={`Activity at ${location.name} by hour`}
            labelHeader="Hour"
            type="default"
            series={ACTIVITY_SERIES}
            withTotal={false}
            emptyText="No pings at this location on that day."
          />
        </Stack>
      </DetailSection>
      <DetailSection title="Classes here">
        {location.courses.length === 0 ? (
          <Text size="sm">No class uses this location.</Text>
        ) : (
          <List size="sm">
            {location.courses.map((c) => (
              <List.Item key={c.id}>
                <Anchor component={Link} to={`/Courses/${c.uuid}`}>
                  {c.title}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </DetailSection>
    </Stack>
  );
}
