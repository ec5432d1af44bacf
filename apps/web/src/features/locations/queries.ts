import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LocationDetailQuery, LocationsListQuery } from "../../gql/graphql.ts";
import { graphql } from "../../gql/index.ts";
import { execute } from "../../lib/graphql.ts";
import type { GridParams } from "../../ui/grid/grid-params.ts";

export const LocationsListDocument = graphql(`
  query locationsList($page: Int, $per_page: Int, $sort_by: String, $sort_dir: String, $query: String) {
    locations(page: $page, per_page: $per_page, sort_by: $sort_by, sort_dir: $sort_dir, query: $query) {
      total
      data {
        id
        name
        place_id
        latitude
        longitude
        radius
        beacons_count
        courses_count
      }
    }
  }
`);

export type LocationListRow = LocationsListQuery["locations"]["data"][number];
export const LOCATIONS_KEY = ["locations"] as const;

export function useLocationsList(query: string, grid: GridParams) {
  const variables = {
    page: grid.page,
    per_page: grid.per_page,
    sort_by: grid.sort_by ?? "name",
    sort_dir: grid.sort_dir ?? "asc",
    query: query || null,
  };
  return useQuery({
    queryKey: [...LOCATIONS_KEY, "list", variables],
    queryFn: () => execute(LocationsListDocument, variables),
    placeholderData: keepPreviousData,
  });
}

export const LocationDetailDocument = graphql(`
  query locationDetail($id: Int!, $date: String) {
    location(id: $id) {
      id
      name
      place_id
      latitude
      longitude
      radius
      note
      beacons_count
      courses_count
      beacons {
        id
        name
        factory_id
        battery
        active
        last_seen
      }
      courses {
        id
        uuid
        title
      }
      activity_graph(date: $date) {
        labels
        datasets {
          label
          data
        }
      }
    }
    school {
      id
      timezone
    }
  }
`);

export type LocationDetail = LocationDetailQuery["location"];
export type BeaconRow = LocationDetail["beacons"][number];

export function useLocationDetail(id: number, date: string | null) {
  return useQuery({
    queryKey: [...LOCATIONS_KEY, "detail", id, date],
    queryFn: () => execute(LocationDetailDocument, { id, date }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

export const CreateLocationDocument = graphql(`
  mutation createLocation($name: String!, $place_id: String, $latitude: Float, $longitude: Float, $radius: Int, $note: String) {
    createLocation(name: $name, place_id: $place_id, latitude: $latitude, longitude: $longitude, radius: $radius, note: $note) {
      id
      name
    }
  }
`);

export const UpdateLocationDocument = graphql(`
  mutation updateLocation(
    $id: Int!
    $name: String
    $place_id: String
    $latitude: Float
    $longitude: Float
    $radius: Int
    $note: String
  ) {
    updateLocation(id: $id, name: $name, place_id: $place_id, latitude: $latitude, longitude: $longitude, radius: $radius, note: $note) {
      id
      name
    }
  }
`);

export const RemoveLocationDocument = graphql(`
  mutation removeLocation($id: Int!) {
    removeLocation(id: $id) {
      id
    }
  }
`);

export const AddBeaconsDocument = graphql(`
  mutation addBeaconsToLocation($location_id: Int!, $factory_ids: [String!]!) {
    addBeaconsToLocation(location_id: $location_id, factory_ids: $factory_ids) {
      id
      beacons_count
    }
  }
`);

export const ActivateBeaconDocument = graphql(`
  mutation activateBeacon($id: Int!, $active: Boolean) {
    activateBeacon(id: $id, active: $active) {
      id
      active
    }
  }
`);

export const RemoveBeaconDocument = graphql(`
  mutation removeBeaconFromLocation($id: Int!) {
    removeBeaconFromLocation(id: $id) {
      id
    }
  }
`);
