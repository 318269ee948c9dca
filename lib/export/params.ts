/** The dashboard's own parameter asking the export for raw values (codes, ids, UTC times) instead of values as the page shows them. */
export const RAW_VALUES_PARAM = "raw";
