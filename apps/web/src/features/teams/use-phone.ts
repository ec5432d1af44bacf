import { useMediaQuery } from "@mantine/hooks";
import { BREAKPOINTS } from "@rollbook/domain";

const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.phone - 0.1) / 16}em)`;

/** Under the phone breakpoint (768 px): forms open full screen. */
export const usePhone = () => useMediaQuery(PHONE_QUERY) ?? false;
