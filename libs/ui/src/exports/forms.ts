// Public exports of the forms components (one barrel per area, so parallel work does not collide).
export {};
