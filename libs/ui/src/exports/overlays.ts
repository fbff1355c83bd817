// Public exports of the overlays components (one barrel per area, so parallel work does not collide).
export {};
