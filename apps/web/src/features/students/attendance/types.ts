/** One session's attendance as the attendance page shows it (the `studentAttendance` query). */
export interface AttendanceRow {
  id: number;
  meets: string;
  status: number;
  enter: string | null;
  exit: string | null;
  percentage: number;
  confidence: number | null;
  unconfirmed_status: number | null;
  lock: boolean;
  finished: boolean;
  attendable_title: string;
  location: {
    id: number;
    name: string;
    latitude: number | null;
    longitude: number | null;
    radius: number | null;
  } | null;
  evidence: { kind: string; summary: string; effect: number; pings: number }[];
  activity: { id: number; event: string; created_at: string }[];
  overrides: {
    id: number;
    old_status: number;
    new_status: number;
    created_at: string;
    user: { id: number; first_name: string; last_name: string } | null;
  }[];
  coordinates: {
    id: number;
    latitude: number | null;
    longitude: number | null;
    created_at: string;
    bluetooth: boolean;
  }[];
}

export interface AttendanceStudent {
  id: number;
  uuid: string;
  first_name: string;
  last_name: string;
  courses: { id: number; uuid: string; title: string }[];
  events: { event: { id: number; uuid: string; title: string } }[];
}

export type AttendableType = "course" | "event";
