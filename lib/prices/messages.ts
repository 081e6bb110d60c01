/**
 * The Spanish messages of the bulk price change API (issue 24 §2), kept with its rules (as
 * services/orders-messages.ts does for orders). The page shows its own texts from messages/*.json.
 */
export const PRICE_MESSAGES = {
  selection: 'El filtro de productos es incorrecto',
  rule: 'La regla de ajuste es incorrecta',
  ruleValue: 'El ajuste debe ser un número distinto de 0, con hasta 2 decimales (porcentaje entre -99,99 y 1000)',
  ruleFields: 'Elegí a qué precios se aplica el ajuste: precio, precio con descuento y/o precios por cantidad',
  nothingToChange: 'Ningún precio cambia con esta selección y esta regla',
  violations: 'Hay productos cuyos precios quedarían inválidos: revisá la vista previa',
  badRows: 'El archivo tiene filas con errores: corregilas y volvé a importarlo',
  csvEncoding: 'El archivo no es un CSV de texto (UTF-8 o Windows-1252)',
  csvEmpty: 'El archivo está vacío',
  /** followed by the line */
  csvMalformed: 'El archivo tiene comillas sin cerrar o mal puestas en la fila',
  csvHeader: 'La primera fila debe tener las columnas SKU y Precio',
  csvTooManyRows: 'El archivo tiene más de 20.000 filas',
  csvTooLarge: 'El archivo pesa más de 5 MB',
  csvMissing: 'No seleccionaste un archivo CSV',
  applied: 'Precios actualizados',
  undone: 'Cambio de precios deshecho',
  undoNotLast: 'Sólo se puede deshacer el último cambio de precios que no fue deshecho',
  entryNotFound: 'No se encontró el cambio',
} as const;
