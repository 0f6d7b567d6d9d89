values {
  a = coalesce(null, null)
}
