import { city, castle, village } from './built';
import { desert, field, forest, landscape, mountains } from './landscapes';
import type { SettingDrawer } from './setting-art';
import type { OutdoorSetting } from './settings';
import { sea, ship } from './waterside';

export const OUTDOOR: Record<OutdoorSetting, SettingDrawer> = {
  forest,
  sea,
  ship,
  city,
  castle,
  mountains,
  desert,
  village,
  field,
  landscape,
};
