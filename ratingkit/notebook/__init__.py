"""The notebook layer: widgets and plots the workbook displays."""
