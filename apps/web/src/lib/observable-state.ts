/** State a React hook follows with useSyncExternalStore: read it, subscribe to it, change it in parts. */
export class ObservableState<State extends object> {
  #state: State;
  readonly #listeners = new Set<() => void>();

  constructor(initial: State) {
    this.#state = initial;
  }

  get state(): State {
    return this.#state;
  }

  readonly getState = (): State => this.#state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  protected update(changes: Partial<State>): void {
    this.#state = { ...this.#state, ...changes };
    this.#listeners.forEach((listener) => listener());
  }
}
