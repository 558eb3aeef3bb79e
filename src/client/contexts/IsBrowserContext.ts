import { createContext } from "react";

/** Whether the page has hydrated (src/theme/IsBrowserProvider.tsx): false on the server and while hydrating. */
export const IsBrowserContext = createContext(false);
