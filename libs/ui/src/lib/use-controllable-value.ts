import * as React from 'react';

/**
 * A value the parent may control (`value` given; `null` means empty) or leave to the component (`defaultValue`).
 * Returns the current value and the setter of the component's own copy; the caller still reports changes.
 */
export function useControllableValue<T>(
  value: T | null | undefined,
  defaultValue: T,
  empty: T,
): [T, React.Dispatch<React.SetStateAction<T>>] {
  const [inner, setInner] = React.useState<T>(defaultValue);
  return [value === undefined ? inner : (value ?? empty), setInner];
}
