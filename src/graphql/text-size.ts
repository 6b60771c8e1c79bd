/**
 * Options of an output field whose text can be long (notes, descriptions): the cost limit weighs
 * each value by the length its input accepts, so a query cannot ask for many of them at once.
 */
export const longText = (maxCharacters: number) => ({ extensions: { maxCharacters } });
