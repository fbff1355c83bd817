// Public exports of the table components (one barrel per area, so parallel work does not collide).
export {};
