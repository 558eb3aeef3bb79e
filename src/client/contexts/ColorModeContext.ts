import type { ColorMode, ColorModeChoice } from "../../core/types";
import { createStrictContext } from "./strictContext";

export interface ColorModeValue {
  choice: ColorModeChoice;
  mode: ColorMode;
  toggle(): void;
}

export const { context: ColorModeContext, use: useColorMode } = createStrictContext<ColorModeValue>("ColorModeProvider");
