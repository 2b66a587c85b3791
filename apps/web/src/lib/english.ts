// The English dictionary, loaded when the interface switches to English (or starts in it): the first
// visit of a Japanese reader does not carry it.
export { en } from '@mels/domain';
